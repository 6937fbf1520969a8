package org.hcasim.ulp.iser.target;

import org.hcasim.block.PiControl;
import org.hcasim.block.PiType;
import org.hcasim.spi.policy.Registration;
import org.hcasim.ulp.iser.pdu.IserHeader;
import org.hcasim.ulp.iser.pdu.ScsiCommand;
import org.hcasim.ulp.iser.scsi.Cdb;

/**
 * One SCSI command on a target connection (LIO's iscsi_cmd / se_cmd with isert's isert_cmd): the PDU and its
 * iSER header, the decoded CDB, and as it runs its data and PI buffers in target memory, what the backstore does
 * with PI, and the integrity registration that moves a PI transfer.
 */
final class TargetCommand {
    final ScsiCommand pdu;
    final IserHeader header;
    final Cdb cdb;
    long dataBuffer = -1;
    long metaBuffer = -1;
    int dataBytes;
    long lba;
    int blocks;
    int blockSize;
    /** The LUN's PI type. */
    PiType lunType = PiType.NONE;
    /** RDPROTECT / WRPROTECT from the CDB. */
    int protect;
    /** The PI travels on the wire with the data (protect != 0 on a PI LUN): an integrity MR moves it. */
    boolean piOnWire;
    /** What the backstore checks and generates (LIO's prot_op and prot_checks). */
    PiControl pi = PiControl.NONE;
    Registration registration;

    TargetCommand(ScsiCommand pdu, IserHeader header) {
        this.pdu = pdu;
        this.header = header;
        this.cdb = Cdb.decode(pdu.cdb());
    }

    /** The STag isert invalidates with the response's SEND_WITH_INV: the read STag, else the write STag, else none. */
    int invalidateRkey() {
        return header.readValid() ? header.readStag() : header.writeValid() ? header.writeStag() : 0;
    }
}
