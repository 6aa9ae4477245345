import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/lib/testing';
import { DEFAULT_QUERY } from '../utils/query';
import { buildBaseRows } from '../utils/rows';
import { OverviewSummary } from './overview-summary';
import { ValveText } from './valve-cell';
import { useIntl } from 'react-intl';

const rows = buildBaseRows([], new Date());
const marks = { alarms: false, absences: false };

function Valve({ valve }: { valve: number | null }) {
  return <ValveText intl={useIntl()} valve={valve} />;
}

const renderIn = (node: React.ReactNode) =>
  render(
    <TestProviders>
      <MemoryRouter>{node}</MemoryRouter>
    </TestProviders>,
  );

describe('heating demand in the overview', () => {
  it('shows "Heizbedarf 38 %" as a link to the rooms that heat, keeping the floor filter', () => {
    renderIn(
      <OverviewSummary
        rows={rows}
        query={{ ...DEFAULT_QUERY, floor: 2, sort: { key: 'valve', descending: true } }}
        marks={marks}
        demand={{ mean: 38 }}
      />,
    );
    const link = screen.getByRole('link', { name: 'Heizbedarf 38 %' });
    expect(link).toHaveAttribute('href', '/?floor=2&state=demand&sort=-valve');
    expect(link).not.toHaveAttribute('aria-current');
  });

  it('says "Heizbedarf –" when no room in the filter has a valve, and nothing before outs is known', () => {
    const { unmount } = renderIn(
      <OverviewSummary rows={rows} query={DEFAULT_QUERY} marks={marks} demand={{ mean: null }} />,
    );
    expect(screen.getByRole('link', { name: 'Heizbedarf –' })).toBeInTheDocument();
    unmount();
    renderIn(<OverviewSummary rows={rows} query={DEFAULT_QUERY} marks={marks} demand={null} />);
    expect(screen.queryByRole('link', { name: /Heizbedarf/ })).toBeNull();
  });

  it('shows a valve as "45 %" and a room without outputs as a dash named "kein Ventil"', () => {
    const { container, unmount } = renderIn(<Valve valve={45} />);
    expect(container).toHaveTextContent(/^45 %$/);
    unmount();
    const none = renderIn(<Valve valve={null} />);
    expect(none.container).toHaveTextContent('–');
    expect(none.container).toHaveTextContent('kein Ventil');
  });
});
