import { ApiRoute, type StaffList } from '@store/contract';
import { screen, within } from '@testing-library/react';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { People } from './people';

const staff: StaffList = {
  people: [
    { _id: admin.user._id, name: 'Ada Admin', email: 'ada@example.com', staffRole: 'owner', twoFactorEnabled: true },
    {
      _id: '33333333-3333-4333-8333-333333333333',
      name: 'Sam Staff',
      email: 'sam@example.com',
      staffRole: 'staff',
      twoFactorEnabled: false,
    },
  ],
  invitations: [],
};

describe('the People screen', () => {
  beforeEach(() => saveSession({ ...admin, user: { ...admin.user, staffRole: 'owner' } }));

  it('shows who has two-factor sign-in on, and offers its reset only for them', async () => {
    installFakeApi().on('GET', ApiRoute.staff, { body: staff });
    renderWithProviders(<People />);
    const ada = await screen.findByRole('listitem', { name: 'Ada Admin' });
    const sam = screen.getByRole('listitem', { name: 'Sam Staff' });
    expect(within(ada).getByTestId('two-factor-state')).toHaveTextContent('Two-factor on');
    expect(within(sam).getByTestId('two-factor-state')).toHaveTextContent('Two-factor off');
    expect(within(ada).getByRole('button', { name: 'Reset two-factor' })).toBeInTheDocument();
    expect(within(sam).queryByRole('button', { name: 'Reset two-factor' })).not.toBeInTheDocument();
  });
});
