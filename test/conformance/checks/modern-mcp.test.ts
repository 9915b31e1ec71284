import { describeFaultCases } from '../fault-suite.js';

describeFaultCases('modern-mcp');
