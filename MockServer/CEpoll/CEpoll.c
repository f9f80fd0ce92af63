// SwiftPM wants a source file in every C target; everything CEpoll offers is in its header.
#include "CEpoll.h"
