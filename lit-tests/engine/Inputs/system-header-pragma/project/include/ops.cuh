// A project header written as CCCL's are: the pragma does not make it
// someone else's code.
#pragma once
#pragma clang system_header
#include <algorithm>
__device__ inline int clampi(int v) { return std::min(std::max(v, 0), 255); }
