#include "conf.cuh"
void ub(float *p) { run(p); }
