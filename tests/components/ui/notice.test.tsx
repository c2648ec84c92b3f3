import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CallProvider } from '@/components/ui/call-provider';
import { NOTICE_DURATION_MS, NoticeProvider, useNotice } from '@/components/ui/notice';
import { axeViolations } from '../records/axe';

function Saver({ text = 'Personal info updated successfully' }: { text?: string }) {
  const notify = useNotice();
  return (
    <button type="button" onClick={() => notify(text)}>
      Save
    </button>
  );
}

describe('NoticeProvider and useNotice', () => {
  afterEach(() => jest.useRealTimers());

  it('says the message politely, without a dialog and without taking the focus', async () => {
    const user = userEvent.setup();
    render(
      <NoticeProvider>
        <Saver />
      </NoticeProvider>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);

    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Personal info updated successfully');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(save).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
  });

  it('leaves by itself after about five seconds', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <NoticeProvider>
        <Saver />
      </NoticeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(NOTICE_DURATION_MS - 100));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('stays while pointed at, and closes with its × button', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <NoticeProvider>
        <Saver />
      </NoticeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.hover(screen.getByRole('status'));
    act(() => jest.advanceTimersByTime(NOTICE_DURATION_MS * 2));
    expect(screen.getByRole('status')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows at most three at once, the newest last', async () => {
    const user = userEvent.setup();
    render(
      <NoticeProvider>
        <Saver />
      </NoticeProvider>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    for (let i = 0; i < 4; i += 1) await user.click(save);
    expect(screen.getAllByRole('status')).toHaveLength(3);
  });

  it('is mounted by the CallProvider, and useNotice outside of it says where it belongs', async () => {
    const user = userEvent.setup();
    render(
      <CallProvider>
        <Saver text="A reminder was e-mailed to Ann Lee." />
      </CallProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status')).toHaveTextContent('A reminder was e-mailed to Ann Lee.');

    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Saver />)).toThrow('useNotice() must be used inside <NoticeProvider>');
  });
});
