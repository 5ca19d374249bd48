#include "conf.cuh"
void ua(int *p) { run(p); }
