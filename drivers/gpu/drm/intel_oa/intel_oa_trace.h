/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace events of intel_oa (TRACE_SYSTEM intel_oa).
 */

#undef TRACE_SYSTEM
#define TRACE_SYSTEM intel_oa

#if !defined(_INTEL_OA_TRACE_H_) || defined(TRACE_HEADER_MULTI_READ)
#define _INTEL_OA_TRACE_H_

#include <linux/tracepoint.h>
#include <linux/types.h>

#include "intel_oa_types.h"

TRACE_EVENT(intel_oa_stream_open,
	    TP_PROTO(struct intel_oa_stream *stream, u32 format, int config_id),
	    TP_ARGS(stream, format, config_id),
	    TP_STRUCT__entry(__field(u32, format)
			     __field(int, config_id)
			     __field(bool, periodic)
			     __field(u32, exponent)
			     __field(u64, poll_ns)),
	    TP_fast_assign(__entry->format = format;
			   __entry->config_id = config_id;
			   __entry->periodic = stream->periodic;
			   __entry->exponent = stream->period_exponent;
			   __entry->poll_ns = stream->poll_period_ns;),
	    TP_printk("format=%u config=%d periodic=%d exponent=%u poll_ns=%llu",
		      __entry->format, __entry->config_id, __entry->periodic,
		      __entry->exponent, __entry->poll_ns)
);

DECLARE_EVENT_CLASS(intel_oa_stream_state,
		    TP_PROTO(struct intel_oa_stream *stream),
		    TP_ARGS(stream),
		    TP_STRUCT__entry(__field(u32, oa_head)
				     __field(u64, ring_head)
				     __field(u64, ring_tail)),
		    TP_fast_assign(__entry->oa_head = stream->buf.head;
				   __entry->ring_head = stream->ring.head;
				   __entry->ring_tail = stream->ring.tail;),
		    TP_printk("oa_head=0x%x ring_head=%llu ring_tail=%llu",
			      __entry->oa_head, __entry->ring_head,
			      __entry->ring_tail)
);

DEFINE_EVENT(intel_oa_stream_state, intel_oa_stream_close,
	     TP_PROTO(struct intel_oa_stream *stream),
	     TP_ARGS(stream)
);

DEFINE_EVENT(intel_oa_stream_state, intel_oa_stream_enable,
	     TP_PROTO(struct intel_oa_stream *stream),
	     TP_ARGS(stream)
);

DEFINE_EVENT(intel_oa_stream_state, intel_oa_stream_disable,
	     TP_PROTO(struct intel_oa_stream *stream),
	     TP_ARGS(stream)
);

TRACE_EVENT(intel_oa_irq,
	    TP_PROTO(struct intel_oa_device *oa, u32 master, u32 iir),
	    TP_ARGS(oa, master, iir),
	    TP_STRUCT__entry(__field(u32, master)
			     __field(u32, iir)),
	    TP_fast_assign(__entry->master = master;
			   __entry->iir = iir;),
	    TP_printk("master=0x%08x iir=0x%08x", __entry->master,
		      __entry->iir)
);

TRACE_EVENT(intel_oa_drain,
	    TP_PROTO(enum intel_oa_drain_source source, u32 reports,
		     u32 dropped, u64 bytes, u32 oa_head, u32 oa_tail,
		     u64 ring_used, u64 ring_size),
	    TP_ARGS(source, reports, dropped, bytes, oa_head, oa_tail,
		    ring_used, ring_size),
	    TP_STRUCT__entry(__field(int, source)
			     __field(u32, reports)
			     __field(u32, dropped)
			     __field(u64, bytes)
			     __field(u32, oa_head)
			     __field(u32, oa_tail)
			     __field(u64, ring_used)
			     __field(u64, ring_size)),
	    TP_fast_assign(__entry->source = source;
			   __entry->reports = reports;
			   __entry->dropped = dropped;
			   __entry->bytes = bytes;
			   __entry->oa_head = oa_head;
			   __entry->oa_tail = oa_tail;
			   __entry->ring_used = ring_used;
			   __entry->ring_size = ring_size;),
	    TP_printk("source=%s reports=%u dropped=%u bytes=%llu oa_head=0x%x oa_tail=0x%x ring=%llu/%llu",
		      __print_symbolic(__entry->source,
				       { INTEL_OA_DRAIN_IRQ, "irq" },
				       { INTEL_OA_DRAIN_TIMER, "timer" },
				       { INTEL_OA_DRAIN_READ, "read" },
				       { INTEL_OA_DRAIN_SAMPLE, "sample" }),
		      __entry->reports, __entry->dropped, __entry->bytes,
		      __entry->oa_head, __entry->oa_tail, __entry->ring_used,
		      __entry->ring_size)
);

DECLARE_EVENT_CLASS(intel_oa_status,
		    TP_PROTO(u32 oastatus),
		    TP_ARGS(oastatus),
		    TP_STRUCT__entry(__field(u32, oastatus)),
		    TP_fast_assign(__entry->oastatus = oastatus;),
		    TP_printk("oastatus=0x%08x", __entry->oastatus)
);

DEFINE_EVENT(intel_oa_status, intel_oa_report_lost,
	     TP_PROTO(u32 oastatus),
	     TP_ARGS(oastatus)
);

DEFINE_EVENT(intel_oa_status, intel_oa_buffer_lost,
	     TP_PROTO(u32 oastatus),
	     TP_ARGS(oastatus)
);

TRACE_EVENT(intel_oa_guc_h2g,
	    TP_PROTO(u32 action, const u32 *dw, int result),
	    TP_ARGS(action, dw, result),
	    TP_STRUCT__entry(__field(u32, action)
			     __array(u32, dw, 3)
			     __field(int, result)),
	    TP_fast_assign(__entry->action = action;
			   memcpy(__entry->dw, dw, sizeof(__entry->dw));
			   __entry->result = result;),
	    TP_printk("action=0x%04x dw1=0x%08x dw2=0x%08x dw3=0x%08x result=%d",
		      __entry->action, __entry->dw[0], __entry->dw[1],
		      __entry->dw[2], __entry->result)
);

TRACE_EVENT(intel_oa_guc_g2h,
	    TP_PROTO(u32 action, const u32 *dw),
	    TP_ARGS(action, dw),
	    TP_STRUCT__entry(__field(u32, action)
			     __array(u32, dw, 3)),
	    TP_fast_assign(__entry->action = action;
			   memcpy(__entry->dw, dw, sizeof(__entry->dw));),
	    TP_printk("action=0x%04x dw1=0x%08x dw2=0x%08x dw3=0x%08x",
		      __entry->action, __entry->dw[0], __entry->dw[1],
		      __entry->dw[2])
);

TRACE_EVENT(intel_oa_guc_timeout,
	    TP_PROTO(u32 action),
	    TP_ARGS(action),
	    TP_STRUCT__entry(__field(u32, action)),
	    TP_fast_assign(__entry->action = action;),
	    TP_printk("action=0x%04x", __entry->action)
);

TRACE_EVENT(intel_oa_mmio_trigger,
	    TP_PROTO(u32 cookie),
	    TP_ARGS(cookie),
	    TP_STRUCT__entry(__field(u32, cookie)),
	    TP_fast_assign(__entry->cookie = cookie;),
	    TP_printk("cookie=%u", __entry->cookie)
);

#endif /* _INTEL_OA_TRACE_H_ */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE intel_oa_trace
#include <trace/define_trace.h>
