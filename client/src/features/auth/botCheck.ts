import { ACCOUNT_MESSAGES } from '@seyirlik/shared-contracts';
import { ApiError } from '../../lib/api';

interface ReCaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
  }
}

/** The bot check's action names (seed §7: login, register, and login again for forgot-password). */
export type BotCheckAction = 'login' | 'register' | 'contact';

let scriptLoading: Promise<ReCaptcha> | undefined;

function loadReCaptcha(siteKey: string): Promise<ReCaptcha> {
  scriptLoading ??= new Promise<ReCaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.append(script);
  });
  // A failed load is tried again on the next submit.
  scriptLoading.catch(() => {
    scriptLoading = undefined;
  });
  return scriptLoading;
}

/**
 * The field to add to a login, register or forgot-password call: a reCAPTCHA token when the server
 * gave a site key (the script loads on first need), nothing when the bot check is off.
 * A bot check that cannot run fails like a call, with the Turkish message.
 */
export async function botCheckField(
  siteKey: string | null,
  action: BotCheckAction,
): Promise<{ recaptcha_response_field?: string }> {
  if (!siteKey) return {};
  try {
    const grecaptcha = await loadReCaptcha(siteKey);
    return { recaptcha_response_field: await grecaptcha.execute(siteKey, { action }) };
  } catch {
    throw new ApiError(0, ACCOUNT_MESSAGES.botCheckFailed);
  }
}
