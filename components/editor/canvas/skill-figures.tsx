'use client';
import { createContext, useContext } from 'react';
import type { SkillFigures } from './node-data';

/**
 * Reliability of every catalog skill (uri → figures), provided once for the whole canvas so a
 * Task node reads its chips' figures without a query per node.
 */
export const SkillFiguresContext = createContext<ReadonlyMap<string, SkillFigures>>(new Map());

export const useSkillFigures = () => useContext(SkillFiguresContext);
