#pragma once
#pragma clang system_header
__device__ inline int third(int v) { return v + 1; }
