import { resetForgottenPassword } from '../../app/hooks/usePublicAccount';
import { useT } from '../../app/i18n';
import { AccountForm } from './AccountForms';
import { PublicFrame } from './PublicFrame';

/** /glyGmlogin/setPass: reset a forgotten password with an SMS code. */
export default function CustomerSetPassPage() {
  const t = useT();
  return (
    <PublicFrame title={t('customer.setPassTitle')} back="/glyGmlogin" testId="customer-setpass">
      <AccountForm
        purpose="forgetPwd"
        submitLabel={t('customer.setPassSubmit')}
        onSubmit={async (v) => {
          await resetForgottenPassword({ mobile: v.mobile, smsCode: v.smsCode, password: v.password });
          return t('profile.passwordReset');
        }}
      />
    </PublicFrame>
  );
}
