import { ErrorCode } from '@contract/errors';
import type { CardPaymentInput, CardPaymentSummary, StoreCredentialsInput, StoreCredentialsSummary } from '@contract/resources/projects';
import { AppError } from '../../errors';
import type { SecretBox } from '../../crypto/secret-box';
import type { ChangeContext } from '../../resources/audit';
import { checkCardPayment, checkStoreCredentials } from './credentials';
import type { CatalogRepository } from './repository';

/**
 * App secrets: store credentials and card payment keys are checked, sealed with the app's id and
 * kind as associated data, stored, and answered only as a summary.
 */
export class CatalogService {
  constructor(
    private readonly repository: CatalogRepository,
    private readonly box: SecretBox,
  ) {}

  async putStoreCredentials(context: ChangeContext, appId: string, input: StoreCredentialsInput): Promise<StoreCredentialsSummary> {
    const platform = await this.repository.appPlatform(context.projectId, appId);
    if (!platform) throw new AppError(ErrorCode.AppNotFound);
    const summary = checkStoreCredentials(platform, input);
    const sealed = this.box.seal(JSON.stringify(input), `app:${appId}:store`);
    const app = await this.repository.putSecret(context, appId, 'store', sealed, summary);
    return app.storeCredentials as StoreCredentialsSummary;
  }

  deleteStoreCredentials(context: ChangeContext, appId: string): Promise<void> {
    return this.repository.deleteSecret(context, appId, 'store', ErrorCode.CredentialFileMissing);
  }

  async putCardPayment(context: ChangeContext, appId: string, input: CardPaymentInput): Promise<CardPaymentSummary> {
    const summary = checkCardPayment(input);
    const sealed = this.box.seal(JSON.stringify(input), `app:${appId}:card`);
    const app = await this.repository.putSecret(context, appId, 'card', sealed, summary);
    return app.cardPayment as CardPaymentSummary;
  }

  deleteCardPayment(context: ChangeContext, appId: string): Promise<void> {
    return this.repository.deleteSecret(context, appId, 'card', ErrorCode.DataMissing);
  }
}
