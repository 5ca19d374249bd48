#pragma once
#ifdef __CUDACC__
#define PORT_HOST_DEVICE __host__ __device__
#else
#define PORT_HOST_DEVICE
#endif
