import { describeFaultCases } from '../fault-suite.js';

describeFaultCases('rate-limits');
