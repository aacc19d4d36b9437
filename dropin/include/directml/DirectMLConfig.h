// The version macros of DirectML's redistributable package, for the DirectML vkdml's libdirectml.so stands in for:
// DirectML 1.15 (DML_FEATURE_LEVEL_6_4, DML_TARGET_VERSION 0x6400), not a preview build. DIRECTML_SOURCE_VERSION is a
// source revision in DirectML's package (programs use it to name a bundled libdirectml.<version>.so); vkdml installs
// plain libdirectml.so, and this value names no DirectML revision.
#pragma once
#define DIRECTML_SOURCE_VERSION "0000000000000000000000000000000000000000"
#define DIRECTML_PREVIEW_BUILD 0
// vkdml's own additions: the DirectML release and target version this implementation answers for.
#define VKDML_DIRECTML_VERSION_MAJOR 1
#define VKDML_DIRECTML_VERSION_MINOR 15
#define VKDML_DIRECTML_TARGET_VERSION 0x6400
