import { afterEach, describe, expect, it, vi } from 'vitest';
// boot/first-paint.js, inlined into index.html at build time, run here as the page would.
import source from '../../boot/first-paint.js?raw';
import { FIRST_VIEW_API_PATHS } from '../../build/first-view-api';
import { BOOT_CONFIG } from '../../build/first-views';
import { paths } from '@/config/paths';
import { ABSENCES_PATH } from '@/features/absences/api/get-absences';
import { alarmsPath } from '@/features/alarms/api/get-alarms';

const preloads = {
  login: ['assets/login.js', 'assets/button.js'],
  layout: ['assets/layout.js', 'assets/button.js'],
  room: ['assets/room-page.js', 'assets/button.js'],
  floor: ['assets/floor-page.js'],
  dashboard: ['assets/dashboard.js'],
  appearance: ['assets/appearance.js'],
  alarms: ['assets/alarms.js'],
  en: ['assets/catalog-en.js'],
  api: {
    layout: ['/api/get/json/v1/1/info/', '/api/get/json/v1/1/temps/'],
    room: ['/api/alarms/?state=open', '/api/absences/'],
  },
};

function boot(path: string, withPreloads: typeof preloads | null = preloads) {
  window.history.replaceState(null, '', path);
  new Function('__BOOT__', source)({ ...BOOT_CONFIG, preloads: withPreloads });
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );
}

const signIn = () =>
  localStorage.setItem('raumregler-auth-v1', JSON.stringify({ username: 'demo' }));

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__raumreglerFirstAnswers;
  document.head.innerHTML = '';
  document.documentElement.className = 'light';
  document.documentElement.lang = 'de';
});

describe('the boot script', () => {
  it('applies the stored dark theme and language before the app runs', () => {
    localStorage.setItem('settings-configs', JSON.stringify({ themeMode: 'dark' }));
    localStorage.setItem('raumregler-i18n-config', JSON.stringify({ code: 'en' }));
    boot('/re/home/auth/login', null);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.classList.contains('light')).toBe(false);
    expect(document.documentElement.lang).toBe('en');
  });

  it('with no theme stored follows the system: dark when it prefers dark', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('dark') }));
    boot('/re/home/auth/login', null);
    expect(document.documentElement.className).toBe('dark');
    localStorage.setItem('settings-configs', JSON.stringify({ themeMode: 'light' }));
    boot('/re/home/auth/login', null);
    expect(document.documentElement.className).toBe('light');
  });

  it('keeps the defaults when storage holds broken JSON', () => {
    localStorage.setItem('settings-configs', '{broken');
    expect(boot('/re/home/auth/login')).toEqual([
      '/re/home/assets/login.js',
      '/re/home/assets/button.js',
    ]);
    expect(document.documentElement.className).toBe('light');
  });

  it('preloads the sign-in screen for strangers, wherever they land', () => {
    expect(boot('/re/home/room-control/smart/room/1')).toEqual([
      '/re/home/assets/login.js',
      '/re/home/assets/button.js',
    ]);
  });

  it('preloads the frame and the room page, each file once, for someone signed in', () => {
    signIn();
    expect(boot('/re/home/room-control/smart/room/1')).toEqual([
      '/re/home/assets/layout.js',
      '/re/home/assets/button.js',
      '/re/home/assets/room-page.js',
    ]);
  });

  it('tells floor pages, the dashboard and the appearance page apart', () => {
    signIn();
    expect(boot('/re/home/room-control/pro/2')).toContain('/re/home/assets/floor-page.js');
    document.head.innerHTML = '';
    expect(boot('/re/home/')).toContain('/re/home/assets/dashboard.js');
    document.head.innerHTML = '';
    expect(boot('/re/home/appearance')).toContain('/re/home/assets/appearance.js');
  });

  it("tells every page by the app's own paths (config/paths.ts)", () => {
    signIn();
    const page = (path: string) => {
      document.head.innerHTML = '';
      return boot(`/re/home${path}`).at(-1);
    };
    expect(page(paths.room('pro', 12))).toBe('/re/home/assets/room-page.js');
    expect(page(paths.floor('smart', 'eg'))).toBe('/re/home/assets/floor-page.js');
    expect(page(paths.alarms)).toBe('/re/home/assets/alarms.js');
    // A page without a first view of its own: the frame alone.
    expect(page('/room-control/smart/room/1/more')).toBe('/re/home/assets/button.js');
  });

  it('preloads the English messages when English is asked for', () => {
    expect(boot('/re/home/auth/login?lang=en')).toContain('/re/home/assets/catalog-en.js');
  });

  it('preloads nothing for the other auth screens and the error pages', () => {
    expect(boot('/re/home/auth/reset-password')).toEqual([]);
    expect(boot('/re/home/error/404')).toEqual([]);
  });

  /** The server: the app config names building `house`; everything else answers `[]`. */
  const serve = (house = 1) =>
    vi.fn((path: string, _init?: RequestInit) =>
      Promise.resolve(
        new Response(path === '/api/app-config' ? JSON.stringify({ houseId: house }) : '[]', {
          status: 200,
        }),
      ),
    );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** The app config's preload, which every first view needs, as the app will ask for it. */
  const configPreload = () => {
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
    expect(links).toHaveLength(1);
    const url = new URL(links[0]!.href);
    return `${url.pathname}${url.search}`;
  };

  it('signed in on localhost, sends the first view API requests with the stored credentials', async () => {
    localStorage.setItem(
      'raumregler-auth-v1',
      JSON.stringify({ username: 'demo', password: 'demo1234' }),
    );
    const fetch = serve();
    vi.stubGlobal('fetch', fetch);
    boot('/re/home/room-control/smart/room/1');
    expect(configPreload()).toBe('/api/app-config');
    await settle();
    // The app config first (it names the building), the room page's own (its alarm and
    // absence marks) at once, then every signed-in view's device API requests in that building.
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/app-config',
      '/api/alarms/?state=open',
      '/api/absences/',
      '/api/get/json/v1/1/info/',
      '/api/get/json/v1/1/temps/',
    ]);
    const authorization = `Basic ${btoa('demo:demo1234')}`;
    expect(fetch).toHaveBeenCalledWith('/api/get/json/v1/1/temps/', {
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        Authorization: authorization,
      },
    });
    expect(window.__raumreglerFirstAnswers?.authorization).toBe(authorization);
    await expect(
      window.__raumreglerFirstAnswers?.answers['/api/get/json/v1/1/temps/'],
    ).resolves.toEqual({ status: 200, text: '[]' });
  });

  it('signed in on a floor page, sends only what every signed-in view needs', async () => {
    signIn();
    const fetch = serve(4);
    vi.stubGlobal('fetch', fetch);
    boot('/re/home/room-control/smart/1');
    await settle();
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/app-config',
      '/api/get/json/v1/4/info/',
      '/api/get/json/v1/4/temps/',
    ]);
  });

  it('in the building the address or the tab chose (issue 37), as the app asks', () => {
    signIn();
    const fetch = serve();
    vi.stubGlobal('fetch', fetch);
    boot('/re/home/room-control/smart/room/1?house=2');
    expect(configPreload()).toBe('/api/app-config?house=2');
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/get/json/v1/2/info/',
      '/api/get/json/v1/2/temps/',
      '/api/alarms/?state=open&house=2',
      '/api/absences/?house=2',
    ]);
    fetch.mockClear();
    document.head.innerHTML = '';
    sessionStorage.setItem('raumregler-house', '3');
    boot('/re/home/room-control/smart/1');
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/get/json/v1/3/info/',
      '/api/get/json/v1/3/temps/',
    ]);
  });

  it('sends the paths the app itself asks for, so that the app takes the early answers', () => {
    expect(FIRST_VIEW_API_PATHS.room).toEqual([alarmsPath('open'), ABSENCES_PATH]);
  });

  it('sends nothing for strangers', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    boot('/re/home/room-control/smart/room/1');
    expect(fetch).not.toHaveBeenCalled();
  });
});
