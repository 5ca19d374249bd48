// A header-only library of the kind real code has: ::std::apply,
// ::std::get<I> and std::tuple_element_t in device code. The include goes
// inside the include guard, after the header's own includes.
#ifndef TUPLE_UTILS_CUH
#define TUPLE_UTILS_CUH

#include <cstddef>
#include <tuple>
#include <utility>
// CHECK-FIXES: {{^}}#include <utility>
// CHECK-FIXES-NEXT: {{^}}#include <cuda/std/tuple>
// CHECK-FIXES-NEXT: {{^}}#include <cuda/std/type_traits>
// CHECK-FIXES-NEXT: {{^}}#include <cuda/std/utility>

namespace tu {

template <std::size_t I, typename Tuple>
__host__ __device__ const std::tuple_element_t<I, Tuple> &at(const Tuple &t) {
  return ::std::get<I>(t);
}
// CHECK-FIXES: {{^}}__host__ __device__ const cuda::std::tuple_element_t<I, Tuple> &at(const Tuple &t) {
// CHECK-FIXES-NEXT: {{^}}  return ::cuda::std::get<I>(t);

struct Sum {
  template <typename... T> __host__ __device__ auto operator()(T... v) const { return (v + ...); }
};

template <typename Tuple> __device__ auto sum(const Tuple &t) { return ::std::apply(Sum{}, t); }
// CHECK-FIXES: {{^}}template <typename Tuple> __device__ auto sum(const Tuple &t) { return ::cuda::std::apply(Sum{}, t); }

template <typename A, typename B> __device__ auto make(A a, B b) { return std::make_pair(a, b); }
// CHECK-FIXES: {{^}}template <typename A, typename B> __device__ auto make(A a, B b) { return cuda::std::make_pair(a, b); }

template <typename T>
__device__ std::enable_if_t<std::is_arithmetic<T>::value, T> twice(T v) { return v + v; }
// CHECK-FIXES: {{^}}__device__ cuda::std::enable_if_t<cuda::std::is_arithmetic<T>::value, T> twice(T v) { return v + v; }

} // namespace tu

#endif
