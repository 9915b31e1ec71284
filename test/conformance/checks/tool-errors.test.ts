import { describeFaultCases } from '../fault-suite.js';

describeFaultCases('tool-errors');
