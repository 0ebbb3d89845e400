import { Check, Wallet } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DISPLAY_NAME_FIELD_MAX_LENGTH, EMAIL_MAX, LoginSchema, SignupSchema } from '../../../shared/auth/auth';
import { PRODUCT_NAME } from '../../../shared/platform/product';
import { GoogleIcon, PhantomIcon } from '../../ui/brand-icons';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { fieldErrors, InputField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { useAuthDialog, type AuthTab } from './auth-dialog-context';
import { PasswordField } from './password-input';
import { PasswordStrength } from './password-strength';
import { useSession } from './session';
import { usePhantomPresence } from '../wallet/use-phantom-presence';
import { missingPhantomLinkHere } from '../wallet/phantom-links';
import { WALLET_TEXT } from '../wallet/wallet-errors';
import { TwoFactorStep } from './two-factor-step';

const DESCRIPTIONS: Record<AuthTab, string> = {
  login: 'Log in to follow creators, tip in SOL and join the chat.',
  signup: `Create your ${PRODUCT_NAME} account to stream, post and earn.`,
  wallet: 'Use your Phantom wallet as your account.',
};

/** The auth dialog of docs/product.md §2: Login, Sign Up and Wallet tabs, over any screen. */
export function AuthDialog() {
  const { open, tab, step, setOpen, setTab, setStep } = useAuthDialog();
  const { user, actions } = useSession();
  // docs/product.md §4: the dialog closes by itself once someone is signed in.
  const shown = open && !user;
  useEffect(() => {
    // Closed for real, so a later sign-out does not bring it back.
    if (user) setOpen(false);
  }, [user, setOpen]);
  const onOpenChange = (next: boolean) => {
    // Closing on the code step abandons that sign-in, as Cancel does.
    if (!next && step === 'two-factor') {
      setStep('form');
      void actions.cancelTwoFactor();
    }
    setOpen(next);
  };

  return (
    <Dialog open={shown} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[26rem] gap-5" aria-describedby="auth-dialog-description">
        <DialogHeader>
          <DialogTitle>{step === 'two-factor' ? 'Two-factor authentication' : `Welcome to ${PRODUCT_NAME}`}</DialogTitle>
          <DialogDescription id="auth-dialog-description">{step === 'two-factor' ? 'One more step: confirm it is you.' : DESCRIPTIONS[tab]}</DialogDescription>
        </DialogHeader>
        {step === 'two-factor' ? <TwoFactorStep onExit={() => setStep('form')} /> : null}
        <Tabs value={tab} onValueChange={(v) => setTab(v as AuthTab)} hidden={step === 'two-factor'}>
          <TabsList className="grid w-full grid-cols-3">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
            <TabsTrigger value="wallet">Wallet</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm onNavigate={() => setOpen(false)} onTwoFactor={() => setStep('two-factor')} />
          </TabsContent>
          <TabsContent value="signup">
            <SignupForm />
          </TabsContent>
          <TabsContent value="wallet">
            <WalletPanel onLogin={() => setTab('login')} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function Divider() {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** Runs an action while showing progress; the action reports its own outcome. */
function useRunning() {
  const [running, setRunning] = useState(false);
  const run = async (action: (() => Promise<unknown>) | undefined) => {
    if (!action) return;
    setRunning(true);
    try {
      await action();
    } finally {
      setRunning(false);
    }
  };
  return { running, run };
}

function LoginForm({ onNavigate, onTwoFactor }: { onNavigate: () => void; onTwoFactor: () => void }) {
  const { actions } = useSession();
  const [emailOrUsername, setEmailOrUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { running, run } = useRunning();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = LoginSchema.safeParse({ emailOrUsername, password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    void run(async () => {
      if ((await actions.logIn(parsed.data)) === 'two-factor') onTwoFactor();
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Log in">
      <InputField
        id="login-identifier"
        label="Email or username"
        error={errors.emailOrUsername}
        autoComplete="username"
        placeholder="you@example.com or username"
        maxLength={EMAIL_MAX}
        value={emailOrUsername}
        onChange={(e) => setEmailOrUsername(e.target.value)}
      />
      <PasswordField
        id="login-password"
        label="Password"
        error={errors.password}
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        trailing={
          <Link to="/reset-password" onClick={onNavigate} className="text-xs font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        }
      />
      <Button type="submit" variant="brand" className="w-full" disabled={running}>
        {running ? <Spinner className="size-4 text-current" label="Logging in" /> : null}
        Log In
      </Button>
      <Divider />
      <div className="flex flex-col gap-2">
        <Button variant="outline" className="w-full" onClick={() => void run(actions.signInWithGoogle)}>
          <GoogleIcon className="size-4" /> Sign in with Google
        </Button>
        <Button variant="outline" className="w-full" onClick={() => void run(actions.connectPhantom && (() => actions.connectPhantom!({ intent: 'login' })))}>
          <PhantomIcon className="size-4" /> Sign in with Phantom Wallet
        </Button>
      </div>
    </form>
  );
}

function SignupForm() {
  const { actions } = useSession();
  const [values, setValues] = useState({ username: '', displayName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { running, run } = useRunning();
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = SignupSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    void run(() => actions.signUp(parsed.data));
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Sign up">
      <InputField
        id="signup-username"
        label="Username"
        error={errors.username}
        autoComplete="username"
        placeholder="satoshi"
        value={values.username}
        onChange={set('username')}
      />
      <InputField
        id="signup-display-name"
        label="Display name (optional)"
        error={errors.displayName}
        autoComplete="nickname"
        placeholder="How your name appears"
        maxLength={DISPLAY_NAME_FIELD_MAX_LENGTH}
        value={values.displayName}
        onChange={set('displayName')}
      />
      <InputField
        id="signup-email"
        label="Email"
        error={errors.email}
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        maxLength={EMAIL_MAX}
        value={values.email}
        onChange={set('email')}
      />
      <PasswordField
        id="signup-password"
        label="Password"
        error={errors.password}
        autoComplete="new-password"
        value={values.password}
        onValueChange={(password) => setValues((v) => ({ ...v, password }))}
      />
      <PasswordStrength password={values.password} />
      <Button type="submit" variant="brand" className="w-full" disabled={running}>
        {running ? <Spinner className="size-4 text-current" label="Creating account" /> : null}
        Create Account
      </Button>
      <Divider />
      <Button variant="outline" className="w-full" onClick={() => void run(actions.signInWithGoogle)}>
        <GoogleIcon className="size-4" /> Sign up with Google
      </Button>
    </form>
  );
}

const WALLET_BENEFITS = [
  'No email or password needed',
  'Receive SOL tips straight to your wallet',
  'Sign in with one signature, no transaction fee',
  'Add an email later in Settings',
];

function WalletPanel({ onLogin }: { onLogin: () => void }) {
  const { actions } = useSession();
  const { running, run } = useRunning();
  const phantom = usePhantomPresence();
  const missing = phantom === 'absent' ? missingPhantomLinkHere() : null;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-4">
        <div className="flex size-11 shrink-0 items-center justify-center rounded-full bg-[#AB9FF2]/15">
          <PhantomIcon className="size-7" />
        </div>
        <div className="text-sm">
          <p className="font-semibold">Sign up with Phantom</p>
          <p className="text-muted-foreground">Connect your wallet and sign one message to prove it is yours.</p>
        </div>
      </div>
      <ul className="flex flex-col gap-2 text-sm" aria-label="Why use a wallet account">
        {WALLET_BENEFITS.map((b) => (
          <li key={b} className="flex items-center gap-2">
            <span className="flex size-5 items-center justify-center rounded-full bg-primary/15 text-primary">
              <Check aria-hidden className="size-3" />
            </span>
            {b}
          </li>
        ))}
      </ul>
      <Button
        variant="brand"
        className="w-full"
        disabled={running}
        onClick={() => void run(actions.connectPhantom && (() => actions.connectPhantom!({ intent: 'signup' })))}
      >
        {running ? <Spinner className="size-4 text-current" label="Connecting" /> : <Wallet aria-hidden />}
        Connect Phantom
      </Button>
      {missing ? (
        <p className="flex flex-col items-center gap-1 rounded-lg border border-dashed p-3 text-center text-sm text-muted-foreground">
          {WALLET_TEXT.installPhantom}
          <a href={missing.href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary hover:underline">
            {missing.label}
          </a>
        </p>
      ) : null}
      <p className="text-center text-sm text-muted-foreground">
        <button type="button" className="font-medium text-primary hover:underline" onClick={onLogin}>
          Already have a wallet account? Log in
        </button>
      </p>
    </div>
  );
}
