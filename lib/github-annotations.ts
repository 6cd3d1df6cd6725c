// GitHub Actions workflow commands for annotations (`::error file=F,line=N,title=T::message`),
// escaped as the runner reads them: data loses no `%`, line break or, in a property, `:` and `,`.
// Plain text, so a report in this form can be written anywhere and replayed in a workflow.

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface Annotation {
  level: AnnotationLevel;
  message: string;
  title?: string;
  file?: string;
  line?: number;
}

const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function annotationLine(a: Annotation): string {
  const props = [
    a.file === undefined ? '' : `file=${property(a.file)}`,
    a.line === undefined ? '' : `line=${a.line}`,
    a.title === undefined ? '' : `title=${property(a.title)}`,
  ].filter(Boolean);
  return `::${a.level}${props.length ? ` ${props.join(',')}` : ''}::${data(a.message)}`;
}
