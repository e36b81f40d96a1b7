import { integrationSuites } from './suites';

integrationSuites('pglite');
