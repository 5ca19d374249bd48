#include "conf.cuh"
void ub(int *p) { NAME(p); }
