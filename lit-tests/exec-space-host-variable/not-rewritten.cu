// RUN: %check_cuda_lower --no-compile %s exec-space-host-variable %t

// Data members cannot live in device memory (§5.3.10.6.2).
struct Filter {
  static constexpr float kTaps[3] = {0.25f, 0.5f, 0.25f};
};
__device__ float tap(int i) { return Filter::kTaps[i]; }
// CHECK-MESSAGES: [[@LINE-1]]:46: warning: device code indexes the host array 'kTaps'; only constant expressions may use host arrays (§5.3.11.4) (not rewritten: data members cannot be placed in device memory (§5.3.10.6.2); move the variable to namespace scope) [exec-space-host-variable]
// CHECK-MESSAGES: not-rewritten.cu:5:26: note: 'kTaps' declared here

// A copy in device memory would point at host memory.
constexpr int kAnswer = 42;
constexpr const int *kAnswerPtr = &kAnswer;
__device__ int answer() { return *kAnswerPtr; }
// CHECK-MESSAGES: [[@LINE-1]]:35: warning: device code reads the host variable 'kAnswerPtr', whose value holds pointers (§5.3.11.4) (not rewritten: its value holds addresses of host objects) [exec-space-host-variable]
// CHECK-MESSAGES: not-rewritten.cu:13:22: note: 'kAnswerPtr' declared here

// Two declarations would disagree on the memory space.
extern const int kPrimes[4];
const int kPrimes[4] = {2, 3, 5, 7};
__device__ int prime(int i) { return kPrimes[i]; }
// CHECK-MESSAGES: [[@LINE-1]]:38: warning: device code indexes the host array 'kPrimes'; only constant expressions may use host arrays (§5.3.11.4) (not rewritten: it has several declarations) [exec-space-host-variable]
// CHECK-MESSAGES: not-rewritten.cu:20:11: note: 'kPrimes' declared here

// Variable templates take their memory space with the template.
template <typename T> constexpr T kUnit[2] = {T(1), T(-1)};
__device__ float unit(int i) { return kUnit<float>[i]; }
// CHECK-MESSAGES: [[@LINE-1]]:39: warning: device code indexes the host array 'kUnit'; only constant expressions may use host arrays (§5.3.11.4) (not rewritten: it is not a namespace-scope variable) [exec-space-host-variable]
// CHECK-MESSAGES: not-rewritten.cu:26:35: note: 'kUnit' declared here
