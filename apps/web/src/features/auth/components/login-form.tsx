import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import type { ApiError } from '@/lib/api-error';
import { isUnknownHouse } from '@/lib/house';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { rulesResolver, textRule } from '@/lib/form-rules';
import { useAppConfig } from '../api/get-app-config';
import { useAuth } from './auth-provider';

interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

const resolver = rulesResolver<LoginValues>({
  username: textRule({
    required: 'validation.usernameRequired',
    min: [3, 'validation.min3'],
    max: [50, 'validation.max50'],
  }),
  password: textRule({
    required: 'validation.passwordRequired',
    min: [3, 'validation.min3'],
    max: [50, 'validation.max50'],
  }),
});

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const intl = useIntl();
  const { login } = useAuth();
  const config = useAppConfig();
  const demo = config.data?.demoLogin ?? null;
  // Usually the app config is here before the form (index.html preloads it): then the demo login
  // is part of the form's first render rather than written into it afterwards.
  const [initialDemo] = useState(demo);
  const [failure, setFailure] = useState<'credentials' | 'unreachable' | 'house' | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver,
    mode: 'all',
    defaultValues: {
      username: initialDemo?.username ?? '',
      password: initialDemo?.password ?? '',
      remember: true,
    },
  });

  const prefilled = useRef(initialDemo !== null);
  useEffect(() => {
    if (!demo || prefilled.current) return;
    prefilled.current = true;
    // The demo login arrives after the form is on screen: fill only fields the person has not
    // started on. A field with focus may be mid-edit (its text selected, a key on its way), and
    // writing into it then would merge the two ("demodemo").
    for (const name of ['username', 'password'] as const) {
      if (getValues(name) === '' && document.activeElement?.id !== name) setValue(name, demo[name]);
    }
  }, [demo, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login(values);
      onSignedIn();
    } catch (error) {
      // Wrong details, an unreachable controller and a building (`?house=N`, issue 37) that does
      // not exist or that this account holds no access in need different advice.
      const cause = (error as Error).cause as ApiError | undefined;
      setFailure(
        cause?.networkError || cause?.timeout
          ? 'unreachable'
          : isUnknownHouse(cause)
            ? 'house'
            : 'credentials',
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {failure && (
        <Alert variant="danger">
          <FormattedMessage
            id={
              failure === 'unreachable'
                ? 'auth.login.unreachable'
                : failure === 'house'
                  ? 'error.unknownHouse.text'
                  : 'auth.login.failed'
            }
          />
        </Alert>
      )}
      <TextField
        id="username"
        label={intl.formatMessage({ id: 'auth.login.username' })}
        autoComplete="username"
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        id="password"
        type="password"
        label={intl.formatMessage({ id: 'auth.login.password' })}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('remember')} />
        <FormattedMessage id="auth.login.remember" />
      </label>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        <FormattedMessage id="auth.login.submit" />
      </Button>
      {demo && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <FormattedMessage
            id="auth.login.demoHint"
            values={{ username: demo.username, password: demo.password }}
          />
        </p>
      )}
    </form>
  );
}
