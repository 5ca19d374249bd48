// Has no entry in the database.
#ifndef WANTED
#error WANTED is not defined
#endif
__global__ void kx() {}
