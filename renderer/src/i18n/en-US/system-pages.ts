/** System Management's screens: the global country and language lists. */
const systemPages = {
  countries: {
    description: 'Every country and region the projects’ region groups choose from, with its names in both languages.',
    create: 'New country or region',
  },
  languages: {
    description: 'Every language the projects’ apps can offer and target, with its names in both languages.',
    create: 'New language',
  },
};

export default systemPages;
