import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorScreen } from './components/ErrorScreen';
import { LoadingText } from './components/Spinner';
import { PublicOnly, RequireAuth } from './routing/guards';
import type { RouteHandle } from './routing/handle';
import { RootLayout } from './routing/RootLayout';

/**
 * A route whose screen is fetched when it is first visited (its own chunk), so signing in does not
 * download the whole app.
 */
function screen(path: string, handle: RouteHandle, load: () => Promise<ComponentType>): RouteObject {
  return { path, handle, lazy: { Component: load } };
}

function AppLoading() {
  return <LoadingText centered>Loading...</LoadingText>;
}

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: ErrorScreen,
    HydrateFallback: AppLoading,
    children: [
      {
        Component: PublicOnly,
        children: [
          screen('login', { title: 'Sign in' }, () =>
            import('./screens/LoginScreen/LoginScreen').then((m) => m.LoginScreen),
          ),
          screen('register', { title: 'Create account' }, () =>
            import('./screens/RegisterScreen/RegisterScreen').then((m) => m.RegisterScreen),
          ),
        ],
      },
      {
        Component: RequireAuth,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          {
            // The signed-in frame is its own chunk too: /login and /register never load it.
            lazy: { Component: () => import('./components/AppShell').then((m) => m.AppShell) },
            children: [
              screen('dashboard', { title: 'Home' }, () =>
                import('./screens/DashboardScreen/DashboardScreen').then((m) => m.DashboardScreen),
              ),
              screen('groups', { title: 'Your Groups' }, () =>
                import('./screens/GroupsScreen/GroupsScreen').then((m) => m.GroupsScreen),
              ),
              screen('groups/create', { title: 'Create Group' }, () =>
                import('./screens/CreateGroupScreen/CreateGroupScreen').then((m) => m.CreateGroupScreen),
              ),
              screen('groups/:groupId', { title: 'Group' }, () =>
                import('./screens/GroupScreen/GroupScreen').then((m) => m.GroupScreen),
              ),
              screen('groups/:groupId/expenses/create', { title: 'Add Expense', shell: false }, () =>
                import('./screens/ExpenseFormScreen/ExpenseFormScreen').then((m) => m.ExpenseFormScreen),
              ),
              screen('account', { title: 'Account' }, () =>
                import('./screens/AccountScreen/AccountScreen').then((m) => m.AccountScreen),
              ),
              screen('expenses', { title: 'All Expenses' }, () =>
                import('./screens/ExpensesScreen/ExpensesScreen').then((m) => m.ExpensesScreen),
              ),
              screen('expenses/create', { title: 'Add Expense', shell: false }, () =>
                import('./screens/ExpenseFormScreen/ExpenseFormScreen').then((m) => m.ExpenseFormScreen),
              ),
              screen('expenses/:expenseId', { title: 'Expense' }, () =>
                import('./screens/ExpenseDetailScreen/ExpenseDetailScreen').then(
                  (m) => m.ExpenseDetailScreen,
                ),
              ),
              screen('expenses/:expenseId/edit', { title: 'Edit Expense', shell: false }, () =>
                import('./screens/ExpenseFormScreen/ExpenseFormScreen').then((m) => m.ExpenseFormScreen),
              ),
            ],
          },
        ],
      },
      screen('*', { title: 'Page not found' }, () =>
        import('./screens/NotFoundScreen/NotFoundScreen').then((m) => m.NotFoundScreen),
      ),
    ],
  },
];

export const router = createBrowserRouter(routes);
