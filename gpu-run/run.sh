#!/bin/bash
# Builds and runs the GPU checks for the exec-space/constexpr rules.
N="nvcc -std=c++17 -arch=sm_90"
cd "$(dirname "$0")"
set -x
$N -Werror all-warnings --extended-lambda --expt-relaxed-constexpr -o c_orig c_orig.cu && ./c_orig > c_orig.out; echo "c_orig rc=$?"
$N -Werror all-warnings -o c_new c_new.cu && ./c_new > c_new.out; echo "c_new rc=$?"
diff c_orig.out c_new.out > /dev/null && echo "constexpr: SAME OUTPUT" || echo "constexpr: DIFFERENT"
$N -o c_plain c_orig.cu 2>/dev/null && ./c_plain | tail -1; echo "c_orig built plain rc=$?"
$N -Werror all-warnings -o h_new h_new.cu && ./h_new | tail -1; echo "h_new rc=${PIPESTATUS[0]}"
$N -o h_orig h_orig.cu 2>/dev/null && ./h_orig | tail -3; echo "h_orig plain rc=${PIPESTATUS[0]}"
$N -Werror all-warnings --extended-lambda -o l_new l_new.cu && ./l_new; echo "l_new rc=$?"
$N -o t1 t1.cu 2>/dev/null && ./t1
