#include "apply.cuh"
void run(float *p, int n) {
#define STEP 1
#include "step.inc"
#undef STEP
#define STEP 2
#include "step.inc"
#undef STEP
}
