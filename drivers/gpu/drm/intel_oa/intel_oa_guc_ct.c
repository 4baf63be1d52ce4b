// SPDX-License-Identifier: GPL-2.0
/*
 * GuC command transport buffers (Gen12.5): set-up over the MMIO mailbox,
 * requests in the host-to-GuC ring, responses and events in the
 * GuC-to-host ring.
 */

#include <linux/bitfield.h>
#include <linux/circ_buf.h>
#include <linux/dma-mapping.h>
#include <linux/seq_file.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_guc_regs.h"
#include "intel_oa_trace.h"

/**
 * DOC: GuC CT buffers
 *
 * The GuC's public message channel (i915/xe
 * ``abi/guc_communication_ctb_abi.h``): two rings in memory, host-to-GuC
 * and GuC-to-host, each with a 64-byte descriptor whose head and tail
 * count dwords; the receiver moves the head, the sender the tail. A
 * message is one header dword (FENCE 31:16, FORMAT 15:12 = HXG,
 * NUM_DWORDS 7:0) and the HXG message it carries.
 *
 * Once the GuC runs, the driver allocates 16 KiB of coherent memory (as
 * xe lays it out: the H2G descriptor at 0, the G2H descriptor at 2 KiB,
 * the 4 KiB H2G ring at 4 KiB, the 8 KiB G2H ring at 8 KiB), maps it at
 * the highest free GGTT range below GUC_GGTT_TOP (0xfee00000: i915
 * ``intel_guc.h``, the GuC does not see GGTT addresses above it), names
 * the six addresses and sizes with HOST2GUC_SELF_CFG KLVs (0x0508, keys
 * 0x0902..0x0907 of ``guc_klvs_abi.h``, one per MMIO request; a reply of
 * 0 KLVs taken is -ENOKEY) and enables the channel with
 * HOST2GUC_CONTROL_CTB (0x4509), as xe's guc_ct_ctb_*_register() and
 * guc_ct_control_toggle() do.
 *
 * The channel carries nothing from the host: every action the driver
 * needs is sent over the MMIO mailbox before the channel is up, and the
 * OA unit needs no GuC action at all (i915 streams OA on DG2 without
 * one). The driver registers the channel as i915 and xe do, so the GuC
 * has somewhere to report to, and consumes what arrives.
 *
 * GuC-to-host messages arrive in the G2H ring with a GUC2HOST interrupt;
 * the interrupt thread consumes everything between head and tail and
 * then publishes the head (intel_oa_guc_ct_receive()). A header whose
 * length does not fit what the tail covers means a corrupt ring: the
 * rest is skipped and counted (debugfs g2h_unknown).
 *
 * At unbind the GuC is reset before the memory is unmapped and freed, so
 * it cannot write into freed pages.
 */

#define GUC_GGTT_TOP		0xfee00000
#define CT_SIZE			SZ_16K
#define CT_H2G_DESC		0
#define CT_G2H_DESC		SZ_2K
#define CT_H2G_RING		SZ_4K
#define CT_H2G_SIZE		SZ_4K
#define CT_G2H_RING		SZ_8K
#define CT_G2H_SIZE		SZ_8K
#define CT_PAGES		(CT_SIZE / PAGE_SIZE)

/* struct guc_ct_buffer_desc: head, tail, status, reserved[13] */
#define CT_DESC_HEAD		0
#define CT_DESC_TAIL		1
#define CT_DESC_STATUS		2

#define GUC_CTB_MSG_0_FENCE		GENMASK(31, 16)
#define GUC_CTB_MSG_0_FORMAT		GENMASK(15, 12)
#define   GUC_CTB_FORMAT_HXG		0
#define GUC_CTB_MSG_0_NUM_DWORDS	GENMASK(7, 0)

enum {
	KLV_H2G_CTB_ADDR = 0x0902,
	KLV_H2G_CTB_DESC = 0x0903,
	KLV_H2G_CTB_SIZE = 0x0904,
	KLV_G2H_CTB_ADDR = 0x0905,
	KLV_G2H_CTB_DESC = 0x0906,
	KLV_G2H_CTB_SIZE = 0x0907,
};

static int self_cfg(struct intel_oa_device *oa, u16 key, u16 len, u64 val)
{
	u32 dw[3] = { (u32)key << 16 | len, lower_32_bits(val),
		      upper_32_bits(val) };
	u32 taken = 0;
	int ret;

	ret = intel_oa_guc_send(oa, INTEL_GUC_ACTION_SELF_CFG, dw, &taken);
	if (!ret && taken != 1) {
		drm_notice(&oa->drm, "GuC did not take SELF_CFG key 0x%04x\n",
			   key);
		ret = -ENOKEY;
	}
	return ret;
}

static int ct_register(struct intel_oa_device *oa)
{
	/* xe's order; an address is a GGTT offset in the block, len 2 */
	static const struct { u16 key, len; u32 val; } klvs[] = {
		{ KLV_H2G_CTB_DESC, 2, CT_H2G_DESC },
		{ KLV_H2G_CTB_ADDR, 2, CT_H2G_RING },
		{ KLV_H2G_CTB_SIZE, 1, CT_H2G_SIZE },
		{ KLV_G2H_CTB_DESC, 2, CT_G2H_DESC },
		{ KLV_G2H_CTB_ADDR, 2, CT_G2H_RING },
		{ KLV_G2H_CTB_SIZE, 1, CT_G2H_SIZE },
	};
	u32 base = oa->guc.ct.ggtt_offset;
	u32 on[3] = { GUC_CTB_CONTROL_ENABLE };
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(klvs); i++) {
		ret = self_cfg(oa, klvs[i].key, klvs[i].len,
			       klvs[i].len == 2 ? base + klvs[i].val :
						  klvs[i].val);
		if (ret)
			return ret;
	}
	return intel_oa_guc_send(oa, INTEL_GUC_ACTION_CONTROL_CTB, on, NULL);
}

static void ct_release(void *data)
{
	struct intel_oa_device *oa = data;
	struct intel_oa_guc_ct *ct = &oa->guc.ct;

	/* A running GuC could still write the G2H ring: stop it first. */
	intel_oa_guc_fw_reset(oa);
	WRITE_ONCE(ct->enabled, false);
	if (!intel_oa_device_gone(oa))
		intel_oa_ggtt_restore(oa, ct->ggtt_offset, ct->saved, CT_PAGES);
	dma_free_coherent(&oa->pdev->dev, CT_SIZE, ct->vaddr, ct->dma);
}

/**
 * intel_oa_guc_ct_enable - set up and enable the CT buffers
 * @oa: device whose GuC runs; the caller holds forcewake
 *
 * Return: 0, -ENOSPC (no GGTT range for them), -ENOMEM, or the error of
 * a set-up request.
 */
int intel_oa_guc_ct_enable(struct intel_oa_device *oa)
{
	struct intel_oa_guc_ct *ct = &oa->guc.ct;
	dma_addr_t dma[CT_PAGES];
	unsigned int i;
	int ret;

	BUILD_BUG_ON(ARRAY_SIZE(ct->saved) != CT_PAGES);
	ret = intel_oa_ggtt_find_free(oa, CT_SIZE, GUC_GGTT_TOP,
				      &ct->ggtt_offset);
	if (ret) {
		drm_notice(&oa->drm, "no free GGTT range below 0x%x for the GuC CT buffers\n",
			   GUC_GGTT_TOP);
		return ret;
	}
	ct->vaddr = dma_alloc_coherent(&oa->pdev->dev, CT_SIZE, &ct->dma,
				       GFP_KERNEL);
	if (!ct->vaddr)
		return -ENOMEM;
	intel_oa_ggtt_save(oa, ct->ggtt_offset, ct->saved, CT_PAGES);
	for (i = 0; i < CT_PAGES; i++)
		dma[i] = ct->dma + i * PAGE_SIZE;
	intel_oa_ggtt_insert(oa, ct->ggtt_offset, dma, CT_PAGES);
	ret = devm_add_action_or_reset(&oa->pdev->dev, ct_release, oa);
	if (ret)
		return ret;

	ret = ct_register(oa);
	if (ret) {
		drm_notice(&oa->drm, "GuC CT set-up failed (%d)\n", ret);
		return ret;
	}
	WRITE_ONCE(ct->enabled, true);
	drm_dbg(&oa->drm, "GuC CT buffers at GGTT 0x%x\n", ct->ggtt_offset);
	return 0;
}

static u32 ct_read(const struct intel_oa_guc_ct *ct, u32 off)
{
	return le32_to_cpu(READ_ONCE(((__le32 *)ct->vaddr)[off / 4]));
}

/**
 * intel_oa_guc_ct_receive - consume the G2H ring
 * @oa: device
 * @dispatch: called for each message, with the fence of its CTB header
 *	and its HXG dwords (up to 4; the rest of @msg reads 0)
 *
 * Called from the interrupt thread only: the single consumer.
 */
void intel_oa_guc_ct_receive(struct intel_oa_device *oa,
			     void (*dispatch)(struct intel_oa_device *oa,
					      u16 fence, const u32 msg[4]))
{
	struct intel_oa_guc_ct *ct = &oa->guc.ct;
	const u32 size = CT_G2H_SIZE / 4;
	__le32 *desc;
	u32 head, tail, hdr, n, avail, msg[4], i;

	if (!READ_ONCE(ct->enabled))
		return;
	desc = ct->vaddr + CT_G2H_DESC;
	head = le32_to_cpu(READ_ONCE(desc[CT_DESC_HEAD]));
	tail = le32_to_cpu(READ_ONCE(desc[CT_DESC_TAIL]));
	/* The ring's contents as of that tail. */
	dma_rmb();
	if (head >= size || tail >= size) {
		drm_err_ratelimited(&oa->drm, "G2H descriptor head %u tail %u outside the ring\n",
				    head, tail);
		atomic64_inc(&oa->guc.stats.g2h_unknown);
		return;
	}
	while (head != tail) {
		hdr = ct_read(ct, CT_G2H_RING + head * 4);
		n = FIELD_GET(GUC_CTB_MSG_0_NUM_DWORDS, hdr);
		avail = (tail + size - head - 1) % size;
		if (!n || n > avail) {
			drm_err_ratelimited(&oa->drm, "corrupt G2H message header 0x%08x: %u dwords, %u in the ring; skipped\n",
					    hdr, n, avail);
			atomic64_inc(&oa->guc.stats.g2h_unknown);
			head = tail;
			break;
		}
		memset(msg, 0, sizeof(msg));
		for (i = 0; i < n; i++) {
			u32 at = (head + 1 + i) % size;

			if (i < ARRAY_SIZE(msg))
				msg[i] = ct_read(ct, CT_G2H_RING + at * 4);
		}
		head = (head + 1 + n) % size;
		dispatch(oa, FIELD_GET(GUC_CTB_MSG_0_FENCE, hdr), msg);
	}
	/* Done reading before the GuC may reuse the space. */
	dma_mb();
	WRITE_ONCE(desc[CT_DESC_HEAD], cpu_to_le32(head));
}

static u32 ct_h2g_read(const struct intel_oa_guc_ct *ct, unsigned int field)
{
	const __le32 *desc = ct->vaddr + CT_H2G_DESC;

	return le32_to_cpu(READ_ONCE(desc[field]));
}

/**
 * intel_oa_guc_ct_show - the CT line of debugfs guc
 * @oa: device whose CT buffers are enabled
 * @m: debugfs file
 *
 * Prints the GGTT address and both descriptors' head, tail and status (in
 * dwords, as the GuC sees them).
 */
void intel_oa_guc_ct_show(struct intel_oa_device *oa, struct seq_file *m)
{
	struct intel_oa_guc_ct *ct = &oa->guc.ct;
	const __le32 *g2h = ct->vaddr + CT_G2H_DESC;

	seq_printf(m, "ct: ggtt=0x%x h2g_head=%u h2g_tail=%u h2g_status=0x%x g2h_head=%u g2h_tail=%u g2h_status=0x%x\n",
		   ct->ggtt_offset, ct_h2g_read(ct, CT_DESC_HEAD),
		   ct_h2g_read(ct, CT_DESC_TAIL),
		   ct_h2g_read(ct, CT_DESC_STATUS),
		   le32_to_cpu(READ_ONCE(g2h[CT_DESC_HEAD])),
		   le32_to_cpu(READ_ONCE(g2h[CT_DESC_TAIL])),
		   le32_to_cpu(READ_ONCE(g2h[CT_DESC_STATUS])));
}
