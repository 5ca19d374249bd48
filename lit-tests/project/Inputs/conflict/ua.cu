#include "conf.cuh"
void ua(int *p) { NAME(p); }
