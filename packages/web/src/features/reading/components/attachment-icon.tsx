import AudioFileOutlinedIcon from '@mui/icons-material/AudioFileOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import VideoFileOutlinedIcon from '@mui/icons-material/VideoFileOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

const rules: [RegExp, ComponentType<SvgIconProps>, string][] = [
  [/^image\//, ImageOutlinedIcon, '#1e8e3e'],
  [/pdf$/, PictureAsPdfOutlinedIcon, '#d93025'],
  [/^audio\//, AudioFileOutlinedIcon, '#9334e6'],
  [/^video\//, VideoFileOutlinedIcon, '#9334e6'],
  [/(zip|compressed|x-tar|gzip|x-7z|x-rar)/, FolderZipOutlinedIcon, '#80868b'],
  [/(spreadsheet|excel|csv)/, TableChartOutlinedIcon, '#188038'],
  [/(presentation|powerpoint)/, SlideshowOutlinedIcon, '#e37400'],
  [/^text\/|word|opendocument\.text|rtf/, DescriptionOutlinedIcon, '#1a73e8'],
];

/** An icon by the attachment's content type. */
export function AttachmentIcon({ contentType, ...props }: { contentType: string } & SvgIconProps) {
  const type = contentType.toLowerCase();
  const rule = rules.find(([pattern]) => pattern.test(type));
  const Icon = rule?.[1] ?? InsertDriveFileOutlinedIcon;
  return <Icon aria-hidden {...props} sx={{ color: rule?.[2] ?? 'text.secondary', ...props.sx }} />;
}
