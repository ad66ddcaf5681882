import { Injectable } from '@nestjs/common';
import type { ContentReportSubject } from '@seyirlik/shared-contracts';

/** What a report needs of its target: who wrote it, and a copy of it as it is now. */
export interface ReportTarget {
  authorId: number;
  text: string;
}

/**
 * Finds a target as the reporting member may see it: null when there is none, or when the member
 * may not read it (a post of a group closed or hidden to them), so a report never says more than
 * the member could see.
 */
export type ReportTargetResolver = (reporterId: number, targetId: number) => Promise<ReportTarget | null>;

/**
 * The features whose content can be reported register how to find it when their modules start
 * (the forum its topics, the flow its posts), so reports need to know none of them.
 */
@Injectable()
export class ReportTargets {
  private readonly resolvers = new Map<ContentReportSubject, ReportTargetResolver>();

  register(subject: ContentReportSubject, resolver: ReportTargetResolver): void {
    if (this.resolvers.has(subject)) throw new Error(`report subject "${subject}" is registered twice`);
    this.resolvers.set(subject, resolver);
  }

  resolverOf(subject: ContentReportSubject): ReportTargetResolver {
    const resolver = this.resolvers.get(subject);
    if (!resolver) throw new Error(`report subject "${subject}" has no resolver`);
    return resolver;
  }
}
