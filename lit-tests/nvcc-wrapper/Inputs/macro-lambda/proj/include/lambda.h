#pragma once
// A chain: the execution-space words are a macro, the lambda another.
#define HOST_DEVICE __host__ __device__
#define LAMBDA_OF(capture) [capture] HOST_DEVICE
#define PROJ_LAMBDA LAMBDA_OF(=)
