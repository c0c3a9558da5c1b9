// One colour of the Design screen with JavaScript: the text field (what is posted, as without
// JavaScript) and, beside it, a picker in a popover: saturation and lightness area, hue and alpha
// sliders, the channels in RGB, HSL or Hex, and swatches of the theme's colours.
import { useState } from 'react';
import {
  Button,
  ColorArea,
  ColorField,
  ColorPicker,
  ColorSlider,
  ColorSwatch,
  ColorSwatchPicker,
  ColorSwatchPickerItem,
  ColorThumb,
  Dialog,
  DialogTrigger,
  Input,
  Label,
  Popover,
  SliderOutput,
  SliderTrack,
  ToggleButton,
  ToggleButtonGroup,
  parseColor,
  type Color,
} from 'react-aria-components';
import { colourCss, parseColour } from '../../design/colour.js';
import { FieldFrame } from './Field.js';

const FORMATS = ['RGB', 'HSL', 'Hex'] as const;
type Format = (typeof FORMATS)[number];

/** A picker's colour as our canonical text (#rrggbb, or rgba() with alpha). */
export function textOf(c: Color): string {
  const rgb = c.toFormat('rgba');
  return colourCss({
    r: Math.round(rgb.getChannelValue('red')),
    g: Math.round(rgb.getChannelValue('green')),
    b: Math.round(rgb.getChannelValue('blue')),
    a: Math.round(rgb.getChannelValue('alpha') * 1000) / 1000,
  });
}

function colourOf(text: string, fallback: string): Color {
  const c = parseColour(text);
  return parseColor(c.ok ? c.css : fallback).toFormat('hsla');
}

interface ColourPickerProps {
  name: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | null;
  swatches: readonly string[];
  disabled?: boolean;
}

export function ColourPicker({ name, label, value, onChange, error, swatches, disabled }: ColourPickerProps) {
  const [format, setFormat] = useState<Format>('Hex');
  const fallback = swatches[0] ?? '#000000';
  const colour = colourOf(value, fallback);
  return (
    <FieldFrame
      name={name}
      id={`f-${name}`}
      label={label}
      hint="Hex, rgb() or hsl(); empty for the theme's colour."
      error={error}
      className="colour-field"
    >
      {(control) => (
        <div className="colour-row">
          <input
            {...control}
            name={name}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder="Theme default"
            disabled={disabled}
          />
          <DialogTrigger>
            <Button className="colour-button" aria-label={`Pick the ${label.toLowerCase()} colour`} isDisabled={disabled}>
              <ColorSwatch color={colour} className="colour-swatch" />
            </Button>
            <Popover placement="bottom start" className="colour-popover">
              <Dialog aria-label={`${label} colour`} className="colour-dialog">
                <ColorPicker value={colour} onChange={(c) => onChange(textOf(c))}>
                  <ColorArea colorSpace="hsl" xChannel="saturation" yChannel="lightness" className="colour-area">
                    <ColorThumb className="colour-thumb" />
                  </ColorArea>
                  <ColorSlider colorSpace="hsl" channel="hue" className="colour-slider">
                    <Label>Hue</Label>
                    <SliderOutput />
                    <SliderTrack className="colour-track">
                      <ColorThumb className="colour-thumb" />
                    </SliderTrack>
                  </ColorSlider>
                  <ColorSlider channel="alpha" className="colour-slider">
                    <Label>Alpha</Label>
                    <SliderOutput />
                    <SliderTrack className="colour-track">
                      <ColorThumb className="colour-thumb" />
                    </SliderTrack>
                  </ColorSlider>
                  <ToggleButtonGroup
                    aria-label="Format"
                    className="colour-formats"
                    selectionMode="single"
                    disallowEmptySelection
                    selectedKeys={[format]}
                    onSelectionChange={(k) => setFormat(([...k][0] as Format | undefined) ?? 'Hex')}
                  >
                    {FORMATS.map((f) => (
                      <ToggleButton key={f} id={f}>
                        {f}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                  <div className="colour-channels">
                    {format === 'Hex' ? (
                      <ColorField className="colour-channel">
                        <Label>Hex</Label>
                        <Input />
                      </ColorField>
                    ) : format === 'RGB' ? (
                      (['red', 'green', 'blue'] as const).map((ch) => (
                        <ColorField key={ch} colorSpace="rgb" channel={ch} className="colour-channel">
                          <Label>{ch[0].toUpperCase() + ch.slice(1)}</Label>
                          <Input />
                        </ColorField>
                      ))
                    ) : (
                      (['hue', 'saturation', 'lightness'] as const).map((ch) => (
                        <ColorField key={ch} colorSpace="hsl" channel={ch} className="colour-channel">
                          <Label>{ch[0].toUpperCase() + ch.slice(1)}</Label>
                          <Input />
                        </ColorField>
                      ))
                    )}
                  </div>
                  {swatches.length > 0 ? (
                    <ColorSwatchPicker aria-label="Theme colours" className="colour-swatches">
                      {swatches.map((s) => (
                        <ColorSwatchPickerItem key={s} color={s} className="colour-swatch-item">
                          <ColorSwatch className="colour-swatch" />
                        </ColorSwatchPickerItem>
                      ))}
                    </ColorSwatchPicker>
                  ) : null}
                </ColorPicker>
                <Button className="secondary" onPress={() => onChange('')}>
                  Use the theme&apos;s colour
                </Button>
              </Dialog>
            </Popover>
          </DialogTrigger>
        </div>
      )}
    </FieldFrame>
  );
}
