import { registerCustomer } from '../../app/hooks/usePublicAccount';
import { useT } from '../../app/i18n';
import { AccountForm } from './AccountForms';
import { PublicFrame } from './PublicFrame';

/** /glyGmlogin/register: register with mobile + SMS code; the account waits for staff approval. */
export default function CustomerRegisterPage() {
  const t = useT();
  return (
    <PublicFrame title={t('customer.registerTitle')} back="/glyGmlogin" testId="customer-register">
      <AccountForm
        purpose="register"
        submitLabel={t('customer.registerSubmit')}
        onSubmit={async (v) => {
          await registerCustomer({ mobile: v.mobile, smsCode: v.smsCode, companyName: v.companyName, contactName: v.contactName, password: v.password });
          return t('profile.registered');
        }}
      />
    </PublicFrame>
  );
}
