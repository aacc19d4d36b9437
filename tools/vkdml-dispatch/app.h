// vkdml-dispatch's main logic, callable in-process (the tests run it thousands of times on one shared device).
#pragma once

#include <ostream>

namespace vkdml::dispatch {

class DeviceContext;

// Parses the command line, runs the model and returns the exit code (0 ok, 1 runtime failure, 2 invalid model or
// command line, 3 unsupported by vkdml). Errors are one line on `err`. With `sharedDevice`, that device is used
// and --adapter / --debug are ignored.
int runApp(int argc, const char* const* argv, std::ostream& out, std::ostream& err,
           DeviceContext* sharedDevice = nullptr);

}  // namespace vkdml::dispatch
