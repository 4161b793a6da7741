import type enSystemPages from '../en-US/system-pages';
import type { Translation } from '../translation';

const systemPages: Translation<typeof enSystemPages> = {
  countries: {
    description: '各项目的地区组可选的全部国家和地区，含中英文名称。',
    create: '新建国家或地区',
  },
  languages: {
    description: '各项目应用可提供与投放的全部语言，含中英文名称。',
    create: '新建语言',
  },
};

export default systemPages;
