import { integrationSuites } from './suites';

integrationSuites('postgres');
