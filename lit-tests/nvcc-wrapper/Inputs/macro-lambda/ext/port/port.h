#pragma once
// A portability layer outside the project, found through -I: the capture,
// the execution-space words and the lambda are three macros.
#include "port/config.h"
#define PORT_CAPTURE [=]
#define PORT_LAMBDA PORT_CAPTURE PORT_HOST_DEVICE
#define PORT_INLINE inline
