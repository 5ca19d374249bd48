#include "lambda.cuh"
void run(float *y, float a) { each(32, [=] __device__(int i) { y[i] = clampTo(a * y[i]); }); }
