#pragma once
// The library's umbrella header: unchanged by the lowering, it must still
// include the lowered copy of its neighbour.
#include "deplib_fill.cuh"
