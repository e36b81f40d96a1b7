import type { ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, Navigate, Route, Routes } from 'react-router';
import { PublicOnly, RequireAuth } from './routing/guards';
import { RootLayout } from './routing/RootLayout';
import { type Preloadable, preloadable, Screen } from './routing/Screen';

// Declarative routes rather than a data router: the app loads its data in the screens, and the data
// router's loader machinery would add about 17 kB gzip to the JavaScript every first visit downloads.

const LoginScreen = preloadable(() => import('./screens/LoginScreen/LoginScreen').then((m) => m.LoginScreen));
const RegisterScreen = preloadable(() =>
  import('./screens/RegisterScreen/RegisterScreen').then((m) => m.RegisterScreen),
);
const VerifyEmailScreen = preloadable(() =>
  import('./screens/VerifyEmailScreen/VerifyEmailScreen').then((m) => m.VerifyEmailScreen),
);
const ForgotPasswordScreen = preloadable(() =>
  import('./screens/ForgotPasswordScreen/ForgotPasswordScreen').then((m) => m.ForgotPasswordScreen),
);
const ResetPasswordScreen = preloadable(() =>
  import('./screens/ResetPasswordScreen/ResetPasswordScreen').then((m) => m.ResetPasswordScreen),
);
const DashboardScreen = preloadable(() =>
  import('./screens/DashboardScreen/DashboardScreen').then((m) => m.DashboardScreen),
);
const GroupsScreen = preloadable(() =>
  import('./screens/GroupsScreen/GroupsScreen').then((m) => m.GroupsScreen),
);
const CreateGroupScreen = preloadable(() =>
  import('./screens/CreateGroupScreen/CreateGroupScreen').then((m) => m.CreateGroupScreen),
);
const GroupScreen = preloadable(() => import('./screens/GroupScreen/GroupScreen').then((m) => m.GroupScreen));
const ExpenseFormScreen = preloadable(() =>
  import('./screens/ExpenseFormScreen/ExpenseFormScreen').then((m) => m.ExpenseFormScreen),
);
const AccountScreen = preloadable(() =>
  import('./screens/AccountScreen/AccountScreen').then((m) => m.AccountScreen),
);
const ExpensesScreen = preloadable(() =>
  import('./screens/ExpensesScreen/ExpensesScreen').then((m) => m.ExpensesScreen),
);
const ExpenseDetailScreen = preloadable(() =>
  import('./screens/ExpenseDetailScreen/ExpenseDetailScreen').then((m) => m.ExpenseDetailScreen),
);
// One screen for a group's statistics and the person's (it reads the route's groupId): the chart library's
// only chunk.
const StatisticsScreen = preloadable(() =>
  import('./screens/StatisticsScreen/StatisticsScreen').then((m) => m.StatisticsScreen),
);
// Importing a file (issue 25), into a new group or the route's group: one chunk, loaded only there.
const ImportScreen = preloadable(() =>
  import('./screens/ImportScreen/ImportScreen').then((m) => m.ImportScreen),
);
const NotFoundScreen = preloadable(() =>
  import('./screens/NotFoundScreen/NotFoundScreen').then((m) => m.NotFoundScreen),
);
// The signed-in frame is its own chunk too: /login and /register never load it.
const AppShell = preloadable(() => import('./components/AppShell').then((m) => m.AppShell));

/** The route table of spec section 2. */
const routes = (
  <Route path="/" element={<RootLayout />}>
    <Route element={<PublicOnly />}>
      <Route path="login" element={<Screen titleKey="titleSignIn" component={LoginScreen} />} />
      <Route path="register" element={<Screen titleKey="titleRegister" component={RegisterScreen} />} />
    </Route>
    {/* The links sent by e-mail work signed in or not. */}
    <Route path="verify-email" element={<Screen titleKey="titleVerify" component={VerifyEmailScreen} />} />
    <Route
      path="forgot-password"
      element={<Screen titleKey="titleForgot" component={ForgotPasswordScreen} />}
    />
    <Route path="reset-password" element={<Screen titleKey="titleReset" component={ResetPasswordScreen} />} />
    <Route element={<RequireAuth />}>
      <Route index element={<Navigate to="/dashboard" replace />} />
      <Route element={<AppShell />}>
        <Route path="dashboard" element={<Screen titleKey="titleHome" component={DashboardScreen} />} />
        <Route path="groups" element={<Screen titleKey="titleGroups" component={GroupsScreen} />} />
        <Route
          path="groups/create"
          element={<Screen titleKey="titleCreateGroup" component={CreateGroupScreen} />}
        />
        <Route path="groups/:groupId" element={<Screen titleKey="titleGroup" component={GroupScreen} />} />
        <Route path="import" element={<Screen titleKey="titleImport" component={ImportScreen} />} />
        <Route
          path="groups/:groupId/import"
          element={<Screen titleKey="titleImport" component={ImportScreen} />}
        />
        <Route
          path="groups/:groupId/statistics"
          element={<Screen titleKey="titleStatistics" component={StatisticsScreen} />}
        />
        <Route
          path="statistics"
          element={<Screen titleKey="titleStatistics" component={StatisticsScreen} />}
        />
        <Route path="account" element={<Screen titleKey="titleAccount" component={AccountScreen} />} />
        <Route path="expenses" element={<Screen titleKey="titleExpenses" component={ExpensesScreen} />} />
        <Route
          path="expenses/:expenseId"
          element={<Screen titleKey="titleExpense" component={ExpenseDetailScreen} />}
        />
      </Route>
      <Route element={<AppShell frame={false} />}>
        <Route
          path="groups/:groupId/expenses/create"
          element={<Screen titleKey="titleAddExpense" component={ExpenseFormScreen} />}
        />
        <Route
          path="expenses/create"
          element={<Screen titleKey="titleAddExpense" component={ExpenseFormScreen} />}
        />
        <Route
          path="expenses/:expenseId/edit"
          element={<Screen titleKey="titleEditExpense" component={ExpenseFormScreen} />}
        />
        <Route
          path="recurring/:recurringId/edit"
          element={<Screen titleKey="titleEditExpense" component={ExpenseFormScreen} />}
        />
      </Route>
    </Route>
    <Route path="*" element={<Screen titleKey="titleNotFound" component={NotFoundScreen} />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{routes}</Routes>;
}

type MaybePreloadable = Partial<Pick<Preloadable, 'preload'>> | undefined;

/**
 * Starts fetching the chunks of the layouts and the screen that `pathname` shows, before the first render:
 * the chunks then load beside the session check rather than one after another once each has rendered.
 * A chunk that fails is reported by the route's error boundary when it renders, not here.
 */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(createRoutesFromElements(routes), pathname) ?? []) {
    const element = route.element as ReactElement<{ component?: MaybePreloadable }> | null | undefined;
    if (!element) continue;
    for (const lazyPart of [element.type as MaybePreloadable, element.props.component]) {
      lazyPart?.preload?.().catch(() => {});
    }
  }
}
