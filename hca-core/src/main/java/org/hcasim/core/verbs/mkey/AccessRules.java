package org.hcasim.core.verbs.mkey;

import java.util.Set;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.VerbsException;

/** The IB rule shared by every registration: remote write or atomic access needs local write. */
public final class AccessRules {
    private AccessRules() {
    }

    public static void requireLocalWriteForRemoteWrite(Set<AccessFlag> access, String what) {
        if ((access.contains(AccessFlag.REMOTE_WRITE) || access.contains(AccessFlag.REMOTE_ATOMIC))
                && !access.contains(AccessFlag.LOCAL_WRITE)) {
            throw new VerbsException(Errno.EINVAL, what + ": access " + access
                    + " grants REMOTE_WRITE/REMOTE_ATOMIC without LOCAL_WRITE");
        }
    }
}
