#pragma once
#define MLIB_HD __host__ __device__
