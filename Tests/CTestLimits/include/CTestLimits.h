// The test process's limits, set before the testing library starts: see CTestLimits.c.
int ctestlimits_width(void);
