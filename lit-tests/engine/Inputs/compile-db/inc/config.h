#pragma once
#define CONFIG_VALUE 7
