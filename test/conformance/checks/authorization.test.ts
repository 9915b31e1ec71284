import { describeFaultCases } from '../fault-suite.js';

describeFaultCases('authorization');
