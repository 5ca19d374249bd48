// Bytes a run without edits must keep: a BOM, CRLF, tabs, π ≈ 3.14
#include <cstdio>

/* a block
   comment */
__global__ void	scale(float *p, float s) {
	p[threadIdx.x] *= s;   // trailing spaces follow   
}

int main() {
	std::printf("héllo\n");
	return 0;
}