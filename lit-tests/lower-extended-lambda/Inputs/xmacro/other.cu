#include "apply.cuh"

#define OP_NAME halve
#define OP_KIND 2
#define OP_SCALE 0.5f
#include "op.cuh"
