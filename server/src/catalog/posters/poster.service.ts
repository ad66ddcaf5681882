import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Title } from '../entities/title.entity';
import { drawBackdrop } from './backdrop-svg';
import { drawPoster } from './poster-svg';

@Injectable()
export class PosterService {
  constructor(@InjectRepository(Title) private readonly titles: Repository<Title>) {}

  /** The drawn poster of the title with this slug, or null when there is no such title. */
  async svgFor(slug: string): Promise<string | null> {
    const title = await this.titles.findOne({ where: { slug }, select: { slug: true, name: true, kind: true, year: true } });
    return title ? drawPoster(title) : null;
  }

  /** The drawn backdrop of the title with this slug, or null when there is no such title. */
  async backdropSvgFor(slug: string): Promise<string | null> {
    const title = await this.titles.findOne({ where: { slug }, select: { slug: true, name: true } });
    return title ? drawBackdrop(title) : null;
  }
}
