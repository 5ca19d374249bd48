#include "apply.cuh"
#define REAL float
#include "typed.cuh"
#undef REAL
#define REAL double
#include "typed.cuh"
#undef REAL
