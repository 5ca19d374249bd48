#include "apply.cuh"

#define OP_NAME add_two
#define OP_KIND 1
#define OP_SCALE 2.0f
#include "op.cuh"
#undef OP_NAME
#undef OP_KIND
#undef OP_SCALE

#define OP_NAME times_three
#define OP_KIND 2
#define OP_SCALE 3.0f
#include "op.cuh"
#undef OP_NAME
#undef OP_KIND
#undef OP_SCALE
