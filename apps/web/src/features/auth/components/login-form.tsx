import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import * as yup from 'yup';
import { useAppConfig } from '../api/get-app-config';
import { useAuth } from './auth-provider';

const schema = yup.object({
  username: yup
    .string()
    .required('validation.usernameRequired')
    .min(3, 'validation.min3')
    .max(50, 'validation.max50'),
  password: yup
    .string()
    .required('validation.passwordRequired')
    .min(3, 'validation.min3')
    .max(50, 'validation.max50'),
  remember: yup.boolean().required(),
});
type LoginValues = yup.InferType<typeof schema>;

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const intl = useIntl();
  const { login } = useAuth();
  const config = useAppConfig();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<LoginValues>({
    resolver: yupResolver(schema),
    mode: 'all',
    defaultValues: { username: '', password: '', remember: true },
  });

  const demo = config.data?.demoLogin ?? null;
  useEffect(() => {
    if (demo && !isDirty)
      reset({ username: demo.username, password: demo.password, remember: true });
  }, [demo, isDirty, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      await login(values);
      onSignedIn();
    } catch {
      setFailed(true);
    }
  });

  const fieldError = (key?: string) =>
    key ? (
      <p className="mt-1 text-sm text-red-600 dark:text-red-400" role="alert">
        {intl.formatMessage({ id: key })}
      </p>
    ) : null;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {failed && (
        <p
          role="alert"
          className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-200"
        >
          <FormattedMessage id="auth.login.failed" />
        </p>
      )}
      <div>
        <label htmlFor="username" className="mb-1 block text-sm font-medium">
          <FormattedMessage id="auth.login.username" />
        </label>
        <input
          id="username"
          autoComplete="username"
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          aria-invalid={errors.username ? true : undefined}
          {...register('username')}
        />
        {fieldError(errors.username?.message)}
      </div>
      <div>
        <label htmlFor="password" className="mb-1 block text-sm font-medium">
          <FormattedMessage id="auth.login.password" />
        </label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          aria-invalid={errors.password ? true : undefined}
          {...register('password')}
        />
        {fieldError(errors.password?.message)}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('remember')} />
        <FormattedMessage id="auth.login.remember" />
      </label>
      <button
        type="submit"
        disabled={isSubmitting}
        className="rounded-md bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800 disabled:opacity-60"
      >
        <FormattedMessage id="auth.login.submit" />
      </button>
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
