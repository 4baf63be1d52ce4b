/*
 * intel-oa-gpu: the PRM-rule violation sink every hardware block reports
 * to. A leaf: it includes nothing of the model, so any block can use it
 * without depending on the control page or the PCI front end.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_VIOLATION_H
#define HW_MISC_INTEL_OA_VIOLATION_H

/*
 * PRM-rule violations. The numeric value is what the control page's
 * "last violation" register reports; never renumber, only append.
 */
typedef enum IntelOAViolation {
    INTEL_OA_VIOL_NONE = 0,
    INTEL_OA_VIOL_OABUFFER_WHILE_ENABLED = 1,
    INTEL_OA_VIOL_TAILPTR_WHILE_ENABLED = 2,
    INTEL_OA_VIOL_OABUFFER_NOT_GGTT = 3,
    INTEL_OA_VIOL_HEADPTR_UNALIGNED = 4,
    INTEL_OA_VIOL_HEADPTR_OUTSIDE = 5,
    INTEL_OA_VIOL_TAILPTR_UNALIGNED = 6,
    INTEL_OA_VIOL_TAILPTR_OUTSIDE = 7,
    INTEL_OA_VIOL_OACONTROL_MBZ = 8,
    INTEL_OA_VIOL_OACTXCONTROL_MBZ = 9,
    INTEL_OA_VIOL_OASTATUS_MBZ = 10,
    INTEL_OA_VIOL_BAD_COUNTER_SELECT = 11,
    INTEL_OA_VIOL_ENABLE_WITHOUT_BUFFER = 12,
    INTEL_OA_VIOL_GGTT_FAULT = 13,
    INTEL_OA_VIOL_OABUFFER_UDW_NONZERO = 14,
    INTEL_OA_VIOL_OABUFFER_BEYOND_GGTT = 15,
    INTEL_OA_VIOL_OAG_BAD_SELECT = 16,
    INTEL_OA_VIOL_OAG_BUFFER_WITHOUT_TLB_INV = 17,
    INTEL_OA_VIOL_LEGACY_OA_REG = 18,
    INTEL_OA_VIOL_IRQ_SELECTOR_NOT_ONE_HOT = 19,
    INTEL_OA_VIOL_IRQ_SELECTOR_NOT_PENDING = 20,
    INTEL_OA_VIOL_IRQ_IIR_CLEAR_UNSERVICED = 21,
    /* Gen6-7.5 (gen6-gen7.rst) */
    INTEL_OA_VIOL_GEN7_BUFFER_WHILE_ENABLED = 22,
    INTEL_OA_VIOL_GEN7_ENABLE_OUT_OF_SEQUENCE = 23,
    INTEL_OA_VIOL_GEN7_TAIL_NOT_HEAD = 24,
    INTEL_OA_VIOL_GEN7_CLOCK_GATING = 25,
    INTEL_OA_VIOL_GEN7_BUFFER_UNALIGNED = 26,
    INTEL_OA_VIOL_GEN7_BUFFER_NOT_GGTT = 27,
    INTEL_OA_VIOL_GEN7_BAD_COUNTER_SELECT = 28,
    /* Gen12.5 (dg2.rst) */
    INTEL_OA_VIOL_FORCEWAKE_NOT_AWAKE = 29,
    INTEL_OA_VIOL_MCR_READ_MULTICAST = 30,
    INTEL_OA_VIOL_MCR_READ_FUSED_OFF = 31,
    INTEL_OA_VIOL_MCR_UNICAST_WRITE = 32,
    INTEL_OA_VIOL_DOORBELL_REG_HOST_WRITE = 33,
    INTEL_OA_VIOL_DOORBELL_RING_UNARMED = 34,
    INTEL_OA_VIOL_GUC_SEND_WHILE_BUSY = 35,
    /* activity workload (counters.rst), checked at OA enable */
    INTEL_OA_VIOL_FLEX_UNSUPPORTED_FILTER = 36,
    INTEL_OA_VIOL_FLEX_RESERVED_ENCODING = 37,
    INTEL_OA_VIOL_CEC_RESERVED_SOURCE = 38,
    /* GuC boot path (guc-firmware.rst) */
    INTEL_OA_VIOL_GUC_DMA_WITHOUT_SHIM = 39,
    INTEL_OA_VIOL_GUC_DMA_WHILE_RUNNING = 40,
    /* OA unit status (unit_regs.c oa_write_oastatus()) */
    INTEL_OA_VIOL_OASTATUS_SW_SET = 41,
    /* Meteor Lake GGTT PAT (ggtt.c intel_oa_ggtt_coherent()) */
    INTEL_OA_VIOL_OA_BUFFER_NOT_COHERENT = 42,
    /* Gen6-7.5 render command streamer (command-streamer.rst) */
    INTEL_OA_VIOL_CS_UNKNOWN_COMMAND = 43,
    INTEL_OA_VIOL_CS_GGTT_FAULT = 44,
    INTEL_OA_VIOL_CS_BATCH_END_IN_RING = 45,
    INTEL_OA_VIOL_CS_TAIL_OUTSIDE = 46,
    INTEL_OA_VIOL_CS_RING_WHILE_BUSY = 47,
    INTEL_OA_VIOL_CS_RPC_NO_FORMAT = 48,
    INTEL_OA_VIOL_CS_RPC_ADDRESS = 49,
    /* Gen8/9 execlists and PPGTT (command-streamer.rst) */
    INTEL_OA_VIOL_CS_PPGTT_FAULT = 50,
    INTEL_OA_VIOL_CS_ELSP_WHILE_ACTIVE = 51,
    INTEL_OA_VIOL_CS_BAD_CONTEXT = 52,
    INTEL_OA_VIOL_CS_RING_IN_EXECLISTS = 53,
    /* Gen11+ execlists and Gen12 OAR (command-streamer.rst) */
    INTEL_OA_VIOL_CS_WRONG_SUBMIT_PORT = 54,
    INTEL_OA_VIOL_CS_RPC_OAR_OFF = 55,
    INTEL_OA_VIOL_COUNT
} IntelOAViolation;

/* What the device counted since reset (the control page shows both). */
typedef struct IntelOAViolations {
    uint32_t count;
    uint32_t last;              /* IntelOAViolation of the latest */
} IntelOAViolations;

/* Count and log one PRM-rule violation. */
void intel_oa_violation(IntelOAViolations *v, IntelOAViolation code,
                        const char *fmt, ...) G_GNUC_PRINTF(3, 4);
const char *intel_oa_violation_name(IntelOAViolation code);

#endif /* HW_MISC_INTEL_OA_VIOLATION_H */
